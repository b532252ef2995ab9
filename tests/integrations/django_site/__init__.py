"""A Django project that uses urikit's Django and Django REST framework doors: a form, a
model with its migration, the admin (tests/integrations/test_django.py)."""

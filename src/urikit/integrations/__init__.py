"""Adapters to other libraries (pydantic, jsonschema, argparse); import each submodule.

Nothing here is imported by :mod:`urikit` itself, so the optional extras stay optional.
"""

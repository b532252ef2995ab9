"""An app with one model whose URL is a URIModelField."""

# Minimal stubs: only what urikit's examples and tests use (dask ships partial types;
# dask.bag.read_text is unannotated). Not a copy of dask's API.

"""The REST API under /api/v1/: thin views over the same services and selectors as the desk."""

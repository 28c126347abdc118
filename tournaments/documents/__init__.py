"""Printed documents (A4 PDFs, reportlab): one renderer class per document, each ``render() -> bytes``."""

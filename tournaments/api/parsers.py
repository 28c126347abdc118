"""JSON parsing that refuses oversized and deeply nested bodies with a 400 instead of a crash."""

from django.conf import settings
from django.utils.translation import gettext
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0) if request is not None else 0
        except ValueError:
            length = 0
        if limit is not None and length > limit:
            raise ParseError(gettext("The request body is larger than %(max)d bytes.") % {"max": limit})
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(gettext("The JSON is nested too deeply.")) from None

"""Lookups shared by the public pages, the desk and the PDFs: an unknown round is a 404, never a 500."""

from django.shortcuts import get_object_or_404

from tournaments.models import Round, Tournament


def round_or_404(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)

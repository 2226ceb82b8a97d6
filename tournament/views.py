from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .api.errors import server_error as api_server_error


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def server_error(request: HttpRequest) -> HttpResponse:
    """A 500: JSON in the API's error shape under /api/, a plain page elsewhere."""
    if request.path.startswith("/api/"):
        return api_server_error(request)
    return render(request, "500.html", status=500)

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from games.api import EditionDetailApi, EditionListApi
from tournament.pages import site as views

# Swagger UI's files come from drf-spectacular-sidecar, served by this site like its own
# static files, so the docs work at a venue without internet and under the site's policy.
api_docs = SpectacularSwaggerSplitView.as_view(
    url_name="schema", template_name="api/swagger_ui.html"
)

api = [
    path("editions/", EditionListApi.as_view(), name="api-editions"),
    path("editions/<str:code>/", EditionDetailApi.as_view(), name="api-edition"),
    path("", include("tournament.api.urls")),
    path("", include("banking.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", api_docs, name="api-docs"),
]

urlpatterns = [
    path("p/", include("tournament.pages.players.urls")),  # first: polled every 10 s by each player
    path("", views.home, name="home"),
    path("start/", views.start, name="start"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include(api)),
    path("console/", include("banking.console.urls")),
    path("referee/", include("tournament.pages.referee.urls")),
    path("desk/", include("tournament.pages.desk.urls")),
    path("events/", include("tournament.pages.screen.urls")),
    path("faq/", include("tournament.pages.faq.urls")),
    path("print/", include("tournament.pages.print.urls")),
    path("verify/", include("tournament.pages.verify.urls")),
    # Languages: the switcher's links (the language cookie set, back to the page), and the
    # scripts' texts in a language (the djangojs catalogues), each at its own address.
    path("i18n/js/<slug:language>.js", views.scripts_catalogue, name="javascript-catalog"),
    path("i18n/<slug:code>/", views.choose_language, name="choose-language"),
]

handler404 = "tournament.pages.site.not_found"
handler500 = "tournament.pages.site.server_error"

"""The FAQ's pages, under /faq/."""

from django.urls import path

from tournament.pages.faq import views as views

urlpatterns = [
    path("events/<int:event_id>/", views.faq_event, name="faq-event"),
    path("events/<int:event_id>/search/", views.faq_event_search, name="faq-event-search"),
    path("events/<int:event_id>/briefing/", views.briefing, name="faq-briefing"),
    path("events/<int:event_id>/briefing/edit/", views.briefing_edit, name="faq-briefing-edit"),
]

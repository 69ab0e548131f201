"""The routes, shared by both URL configurations."""

from django.urls import path


def patterns(views):
    return [
        path("health", views.health),
        path("echo", views.echo),
        path("me", views.me),
        path("users", views.users),
        path("users/<str:id_text>", views.user),
        path("orders", views.orders),
        path("orders/<str:id_text>", views.order),
        path("cpu", views.cpu),
    ]

from . import views_async
from .urls import patterns

urlpatterns = patterns(views_async)

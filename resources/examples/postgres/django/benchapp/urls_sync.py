from . import views_sync
from .urls import patterns

urlpatterns = patterns(views_sync)

"""The two tables lib/pgseed.py creates; Django does not manage them (no migrations)."""

from django.db import models
from django.utils import timezone


class User(models.Model):
    name = models.TextField()
    email = models.TextField()
    created_at = models.DateTimeField()

    class Meta:
        db_table = "users"
        managed = False


class Order(models.Model):
    # The foreign key lives in the database (orders_user_id_fkey); an unknown user fails the
    # INSERT itself, so an order is one statement.
    user = models.ForeignKey(User, on_delete=models.DO_NOTHING, db_constraint=False)
    amount_cents = models.IntegerField()
    items = models.IntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "orders"
        managed = False


USER_FIELDS = ("id", "name", "email", "created_at")
ORDER_FIELDS = ("id", "user_id", "amount_cents", "items", "created_at")

"""The seven routes as plain synchronous Django views (served by Gunicorn gthread).

Reads use .values() so no model instances are built; POST /orders is one INSERT ... RETURNING
"id" through Order.objects.create (the database's foreign key rejects an unknown user).
"""

from django.db import IntegrityError
from django.http import JsonResponse

from . import contract
from .contract import Invalid
from .models import ORDER_FIELDS, USER_FIELDS, Order, User


def _answer(method, request, handler, *args):
    if request.method != method:
        response = JsonResponse({"error": "method not allowed"}, status=405)
        response["Allow"] = method
        return response
    try:
        return handler(request, *args)
    except Invalid as e:
        return JsonResponse(e.body, status=e.status)


def _user_row(user_id):
    rows = list(User.objects.filter(pk=user_id).values(*USER_FIELDS)[:1])
    return rows[0] if rows else None


def _health(request):
    return JsonResponse({"status": "ok"})


def _echo(request):
    return JsonResponse(contract.echo_body(request.body))


def _me(request):
    row = _user_row(contract.token_user(request.headers.get("Authorization")))
    if row is None:
        raise Invalid(404, "token user not found")
    return JsonResponse(row)


def _user(request, id_text):
    row = _user_row(contract.positive_id(id_text))
    if row is None:
        raise Invalid(404, "user not found")
    return JsonResponse(row)


def _users(request):
    page = contract.int_param(request.GET, "page", 1, 1_000_000, 1)
    limit = contract.int_param(request.GET, "limit", 1, 100, 20)
    offset = (page - 1) * limit
    rows = list(User.objects.order_by("id").values(*USER_FIELDS)[offset:offset + limit])
    return JsonResponse(rows, safe=False)


def _orders(request):
    fields = contract.order_body(request.body)
    try:
        order = Order.objects.create(**fields)
    except IntegrityError:
        raise Invalid(422, "unknown user", "user_id")
    return JsonResponse({f: getattr(order, f) for f in ORDER_FIELDS}, status=201)


def _order(request, id_text):
    # Not measured: the parity gate's check that an inserted order persists.
    rows = list(Order.objects.filter(pk=contract.positive_id(id_text)).values(*ORDER_FIELDS)[:1])
    if not rows:
        raise Invalid(404, "order not found")
    return JsonResponse(rows[0])


def _cpu(request):
    n = contract.int_param(request.GET, "n", 1, 1_000_000, 1000)
    return JsonResponse({"n": n, "digest": contract.cpu_digest(n)})


def health(request):
    return _answer("GET", request, _health)


def echo(request):
    return _answer("POST", request, _echo)


def me(request):
    return _answer("GET", request, _me)


def user(request, id_text):
    return _answer("GET", request, _user, id_text)


def users(request):
    return _answer("GET", request, _users)


def orders(request):
    return _answer("POST", request, _orders)


def order(request, id_text):
    return _answer("GET", request, _order, id_text)


def cpu(request):
    return _answer("GET", request, _cpu)

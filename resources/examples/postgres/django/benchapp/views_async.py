"""The seven routes as async Django views (served by Uvicorn).

Django 3.2 has no async ORM interface (aget/acreate arrived in 4.1, and they wrap the sync ORM
in sync_to_async anyway). Its sync_to_async with thread_sensitive=True would run every query of
the process on one shared thread with one connection, so the ORM calls here go to an executor
of 10 threads, each keeping its persistent connection: a pool of 10, like Bun's. Routes without
a database stay on the event loop.
"""

from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.db import IntegrityError
from django.http import JsonResponse

from . import contract
from .contract import Invalid
from .models import ORDER_FIELDS, USER_FIELDS, Order, User

_POOL = ThreadPoolExecutor(max_workers=10, thread_name_prefix="db")


def _db(fn):
    return sync_to_async(fn, thread_sensitive=False, executor=_POOL)


@_db
def _user_row(user_id):
    rows = list(User.objects.filter(pk=user_id).values(*USER_FIELDS)[:1])
    return rows[0] if rows else None


@_db
def _user_page(offset, limit):
    return list(User.objects.order_by("id").values(*USER_FIELDS)[offset:offset + limit])


@_db
def _create_order(fields):
    try:
        order = Order.objects.create(**fields)
    except IntegrityError:
        return None
    return {f: getattr(order, f) for f in ORDER_FIELDS}


@_db
def _order_row(order_id):
    rows = list(Order.objects.filter(pk=order_id).values(*ORDER_FIELDS)[:1])
    return rows[0] if rows else None


async def _answer(method, request, handler, *args):
    if request.method != method:
        response = JsonResponse({"error": "method not allowed"}, status=405)
        response["Allow"] = method
        return response
    try:
        return await handler(request, *args)
    except Invalid as e:
        return JsonResponse(e.body, status=e.status)


async def _health(request):
    return JsonResponse({"status": "ok"})


async def _echo(request):
    return JsonResponse(contract.echo_body(request.body))


async def _me(request):
    row = await _user_row(contract.token_user(request.headers.get("Authorization")))
    if row is None:
        raise Invalid(404, "token user not found")
    return JsonResponse(row)


async def _user(request, id_text):
    row = await _user_row(contract.positive_id(id_text))
    if row is None:
        raise Invalid(404, "user not found")
    return JsonResponse(row)


async def _users(request):
    page = contract.int_param(request.GET, "page", 1, 1_000_000, 1)
    limit = contract.int_param(request.GET, "limit", 1, 100, 20)
    return JsonResponse(await _user_page((page - 1) * limit, limit), safe=False)


async def _orders(request):
    row = await _create_order(contract.order_body(request.body))
    if row is None:
        raise Invalid(422, "unknown user", "user_id")
    return JsonResponse(row, status=201)


async def _order(request, id_text):
    row = await _order_row(contract.positive_id(id_text))
    if row is None:
        raise Invalid(404, "order not found")
    return JsonResponse(row)


async def _cpu(request):
    n = contract.int_param(request.GET, "n", 1, 1_000_000, 1000)
    return JsonResponse({"n": n, "digest": contract.cpu_digest(n)})


async def health(request):
    return await _answer("GET", request, _health)


async def echo(request):
    return await _answer("POST", request, _echo)


async def me(request):
    return await _answer("GET", request, _me)


async def user(request, id_text):
    return await _answer("GET", request, _user, id_text)


async def users(request):
    return await _answer("GET", request, _users)


async def orders(request):
    return await _answer("POST", request, _orders)


async def order(request, id_text):
    return await _answer("GET", request, _order, id_text)


async def cpu(request):
    return await _answer("GET", request, _cpu)

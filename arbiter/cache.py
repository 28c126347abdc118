"""Django's Redis cache with one Redis client per connection pool instead of one per command.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every cache call, and
redis-py fills a table of some 170 response callbacks in each constructor: at the spectator peak
that was a third of the CPU of a 304 (docs/performance.md). A ``redis.Redis`` on a connection
pool is safe to share between threads (redis-py's documentation), and Django already keeps the
pools; this keeps the client beside its pool. Everything else is Django's backend unchanged.
"""

from django.core.cache.backends import redis


class _RedisCacheClient(redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(redis.RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _RedisCacheClient

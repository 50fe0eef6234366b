"""The Exchange Stream API through the unmodified client: a market stream sees a price change, an
order stream sees an order placed through placeOrders, and both see a market the operator settles
close. The client reaches the portal's stream by its two class attributes, `BetfairStream.HOSTS` and
its port.
"""
import os
import queue
import threading
import time
from urllib.parse import urlparse

import pytest
from betfairlightweight import filters
from betfairlightweight.streaming import BetfairStream, StreamListener

from conftest import PORTAL, new_market, portal_lay, settle_on_first_runner

STREAM_PORT = int(os.environ.get("BACKLAY_STREAM_PORT", "8443"))


@pytest.fixture
def stream_at_portal():
    """Points the client's stream at the portal the way a bot does: a host name and the port."""
    port = BetfairStream._BetfairStream__port
    BetfairStream.HOSTS["backlay"] = urlparse(PORTAL).hostname
    BetfairStream._BetfairStream__port = STREAM_PORT
    yield "backlay"
    BetfairStream._BetfairStream__port = port
    del BetfairStream.HOSTS["backlay"]


def started(trading, host, subscribe):
    """A stream of its own listener, subscribed, reading on a thread; a stop function and its output queue."""
    output = queue.Queue()
    stream = trading.streaming.create_stream(listener=StreamListener(output_queue=output), host=host, timeout=20)
    subscribe(stream)
    reader = threading.Thread(target=stream.start, daemon=True)
    reader.start()

    def stop():
        # The reader leaves its recv before any other socket may take the closed one's descriptor.
        stream.stop()
        reader.join(5)

    return stop, output


def wait_for(output, found, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            batch = output.get(timeout=max(0.1, deadline - time.time()))
        except queue.Empty:
            break
        for resource in batch:
            if found(resource):
                return resource
    raise AssertionError("the stream did not show it in time")


def catalogue_of(bot, market):
    [found] = bot.betting.list_market_catalogue(
        filter=filters.market_filter(text_query=market["name"]),
        market_projection=["RUNNER_DESCRIPTION"],
        max_results=10,
    )
    return found


def test_market_stream_sees_a_price_change(bot, market, counterparty, stream_at_portal):
    catalogue = catalogue_of(bot, market)
    home = catalogue.runners[0].selection_id
    stop, output = started(
        bot,
        stream_at_portal,
        lambda s: s.subscribe_to_markets(
            market_filter=filters.streaming_market_filter(market_ids=[catalogue.market_id]),
            market_data_filter=filters.streaming_market_data_filter(
                fields=["EX_BEST_OFFERS", "EX_TRADED", "EX_TRADED_VOL", "EX_LTP", "EX_MARKET_DEF"], ladder_levels=3
            ),
        ),
    )
    try:
        image = wait_for(output, lambda book: book.market_id == catalogue.market_id)
        assert image.market_definition.status == "OPEN"
        assert image.market_definition.market_type == "MATCH_ODDS"
        assert [runner.selection_id for runner in image.market_definition.runners] == [
            runner.selection_id for runner in catalogue.runners
        ]
        assert image.runners[0].ex.available_to_back == []

        portal_market = market["portal"]
        portal_lay(counterparty, portal_market, 2.5, "6")

        def offered(book):
            runner = next(r for r in book.runners if r.selection_id == home)
            return [(p.price, p.size) for p in runner.ex.available_to_back] == [(2.5, 6)]

        changed = wait_for(output, offered)
        assert changed.streaming_unique_id == image.streaming_unique_id
    finally:
        stop()


def test_order_stream_sees_an_order_placed(bot, market, stream_at_portal):
    catalogue = catalogue_of(bot, market)
    away = catalogue.runners[1].selection_id
    stop, output = started(bot, stream_at_portal, lambda s: s.subscribe_to_orders())
    try:
        placed = bot.betting.place_orders(
            catalogue.market_id,
            [
                filters.place_instruction(
                    order_type="LIMIT",
                    selection_id=away,
                    side="LAY",
                    limit_order=filters.limit_order(size=3, price=4.0, persistence_type="LAPSE"),
                    customer_order_ref="stream-order",
                )
            ],
            customer_strategy_ref="stream",
        )
        assert placed.status == "SUCCESS"
        bet_id = placed.place_instruction_reports[0].bet_id

        def has_order(orders):
            return any(order.bet_id == bet_id for order in orders.orders)

        seen = wait_for(output, has_order)
        order = next(order for order in seen.orders if order.bet_id == bet_id)
        assert (order.market_id, order.selection_id, order.side) == (catalogue.market_id, away, "LAY")
        assert (order.price_size.price, order.price_size.size, order.size_remaining) == (4.0, 3, 3)
        assert (order.status, order.persistence_type, order.order_type) == ("EXECUTABLE", "LAPSE", "LIMIT")
        assert (order.customer_order_ref, order.customer_strategy_ref) == ("stream-order", "stream")
        assert order.placed_date is not None

        bot.betting.cancel_orders(catalogue.market_id, [filters.cancel_instruction(bet_id=bet_id)])
        done = wait_for(
            output,
            lambda orders: any(o.bet_id == bet_id and o.status == "EXECUTION_COMPLETE" for o in orders.orders),
        )
        assert next(o for o in done.orders if o.bet_id == bet_id).size_cancelled == 3
    finally:
        stop()


def test_settled_market_closes_on_both_streams(bot, operator, stream_at_portal):
    market = new_market(operator, "Final")
    catalogue = catalogue_of(bot, market)
    home, away = (runner.selection_id for runner in catalogue.runners)
    stop_orders, orders = started(bot, stream_at_portal, lambda s: s.subscribe_to_orders())
    stop_markets, books = started(
        bot,
        stream_at_portal,
        lambda s: s.subscribe_to_markets(
            market_filter=filters.streaming_market_filter(market_ids=[catalogue.market_id]),
            market_data_filter=filters.streaming_market_data_filter(fields=["EX_MARKET_DEF"]),
        ),
    )
    try:
        wait_for(books, lambda book: book.market_id == catalogue.market_id)
        placed = bot.betting.place_orders(
            catalogue.market_id,
            [
                filters.place_instruction(
                    order_type="LIMIT",
                    selection_id=away,
                    side="LAY",
                    limit_order=filters.limit_order(size=2, price=5.0, persistence_type="LAPSE"),
                )
            ],
        )
        bet_id = placed.place_instruction_reports[0].bet_id
        wait_for(orders, lambda seen: any(order.bet_id == bet_id for order in seen.orders))

        portal_market = market["portal"]
        settle_on_first_runner(operator, portal_market)

        book = wait_for(books, lambda book: book.market_id == catalogue.market_id and book.status == "CLOSED")
        assert {runner.selection_id: runner.status for runner in book.runners} == {home: "WINNER", away: "LOSER"}
        assert book.market_definition.settled_time is not None

        # The client marks its order cache closed from the `closed` flag of the market's order change.
        closed = wait_for(orders, lambda seen: (seen.streaming_update or {}).get("closed") is True)
        assert closed.streaming_update["id"] == catalogue.market_id
    finally:
        stop_orders()
        stop_markets()


def test_market_stream_by_event_type_takes_on_a_new_market(bot, operator, stream_at_portal):
    """A subscription by event type follows markets created after it: the client caches the new one."""
    earlier = catalogue_of(bot, new_market(operator, "Earlier"))
    stop, books = started(
        bot,
        stream_at_portal,
        lambda s: s.subscribe_to_markets(
            market_filter=filters.streaming_market_filter(event_type_ids=["2378961"]),
            market_data_filter=filters.streaming_market_data_filter(fields=["EX_MARKET_DEF", "EX_BEST_OFFERS"]),
        ),
    )
    try:
        wait_for(books, lambda book: book.market_id == earlier.market_id)
        market = new_market(operator, "Later")
        catalogue = catalogue_of(bot, market)
        book = wait_for(books, lambda book: book.market_id == catalogue.market_id)
        assert book.market_definition.status == "OPEN"
        assert book.market_definition.event_type_id == "2378961"
        assert [runner.selection_id for runner in book.market_definition.runners] == [
            runner.selection_id for runner in catalogue.runners
        ]
    finally:
        stop()

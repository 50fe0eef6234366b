"""What a trading framework meets on reconnect and after settlement, through the unmodified client: a
market stream resubscribed with its clocks gets a RESUB_DELTA of what changed while it was away, which
its caches apply over what they held; and listClearedOrders grouped by MARKET sums a settled market.
"""
import queue
import threading

from betfairlightweight import filters
from betfairlightweight.streaming import StreamListener

from conftest import new_market, portal_lay, settle_on_first_runner
from test_stream import catalogue_of, stream_at_portal, wait_for  # noqa: F401 (a fixture)


class RecordingListener(StreamListener):
    """The client's own listener, noting each change message's type before handling it as usual."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.change_types = []

    def _on_change_message(self, data, unique_id):
        self.change_types.append(data.get("ct", "UPDATE"))
        super()._on_change_message(data, unique_id)


def subscribed(bot, host, listener, market_id, clocks=None):
    """A stream on `listener`, subscribed to one market (with clocks when resubscribing), reading."""
    stream = bot.streaming.create_stream(listener=listener, host=host, timeout=20)
    stream.subscribe_to_markets(
        market_filter=filters.streaming_market_filter(market_ids=[market_id]),
        market_data_filter=filters.streaming_market_data_filter(
            fields=["EX_BEST_OFFERS", "EX_MARKET_DEF"], ladder_levels=3
        ),
        **(clocks or {}),
    )
    reader = threading.Thread(target=stream.start, daemon=True)
    reader.start()

    def stop():
        stream.stop()
        reader.join(5)

    return stop


def backs_of(book, selection_id):
    runner = next(r for r in book.runners if r.selection_id == selection_id)
    return [(p.price, p.size) for p in runner.ex.available_to_back]


def test_a_resubscription_with_clocks_gets_what_changed_as_resub_delta(bot, operator, counterparty, stream_at_portal):
    market = new_market(operator, "Resume")
    catalogue = catalogue_of(bot, market)
    home = catalogue.runners[0].selection_id
    output = queue.Queue()
    listener = RecordingListener(output_queue=output)
    stop = subscribed(bot, stream_at_portal, listener, catalogue.market_id)
    try:
        wait_for(output, lambda book: book.market_id == catalogue.market_id)
        portal_lay(counterparty, market["portal"], 2.5, "6")
        wait_for(output, lambda book: backs_of(book, home) == [(2.5, 6)])
    finally:
        stop()
    clocks = {"initial_clk": listener.initial_clk, "clk": listener.clk}
    assert clocks["initial_clk"] and clocks["clk"]

    # Away from the stream, the market moves; the resubscription brings only that, onto the cache held.
    portal_lay(counterparty, market["portal"], 3.0, "4")
    stop = subscribed(bot, stream_at_portal, listener, catalogue.market_id, clocks)
    try:
        book = wait_for(output, lambda book: backs_of(book, home) == [(3.0, 4), (2.5, 6)])
        assert book.status == "OPEN"
        assert "RESUB_DELTA" in listener.change_types
        assert listener.change_types.count("SUB_IMAGE") == 1
    finally:
        stop()


def test_cleared_orders_grouped_by_market(bot, operator, counterparty):
    market = new_market(operator, "Rollup")
    catalogue = catalogue_of(bot, market)
    home = catalogue.runners[0].selection_id
    portal_lay(counterparty, market["portal"], 2.0, "10")
    for size in (4, 6):
        placed = bot.betting.place_orders(
            catalogue.market_id,
            [
                filters.place_instruction(
                    order_type="LIMIT",
                    selection_id=home,
                    side="BACK",
                    limit_order=filters.limit_order(size=size, price=2.0, persistence_type="LAPSE"),
                )
            ],
        )
        assert placed.place_instruction_reports[0].size_matched == size
    settle_on_first_runner(operator, market["portal"])

    grouped = bot.betting.list_cleared_orders(
        bet_status="SETTLED", market_ids=[catalogue.market_id], group_by="MARKET"
    )
    [rollup] = grouped.orders
    assert (rollup.market_id, rollup.bet_count, rollup.profit) == (catalogue.market_id, 2, 10)
    # One runner and one side: Betfair hoists them, with the summed size settled and average price.
    assert (rollup.selection_id, rollup.side, rollup.size_settled, rollup.price_matched) == (home, "BACK", 10, 2)
    assert rollup.bet_id is None
    assert rollup.commission is not None and rollup.commission >= 0
    assert rollup.settled_date is not None

"""Orders through the unmodified client: place, list, replace, update, cancel, profit and loss, and the
cleared orders of a market the operator settled. A second player, made through the operator's API, takes
the other side through the portal's own bets API, so the bot's money moves as the portal's does.
"""
import uuid

import pytest
from betfairlightweight import filters
from betfairlightweight.exceptions import APIError

from conftest import portal_lay, settle_on_first_runner


def catalogue_of(bot, market):
    found = bot.betting.list_market_catalogue(
        filter=filters.market_filter(text_query=market["name"]),
        market_projection=["RUNNER_DESCRIPTION"],
        max_results=10,
    )
    assert len(found) == 1
    return found[0]


def test_places_lists_replaces_updates_and_cancels(bot, market):
    catalogue = catalogue_of(bot, market)
    home = catalogue.runners[0].selection_id
    placed = bot.betting.place_orders(
        catalogue.market_id,
        [
            filters.place_instruction(
                order_type="LIMIT",
                selection_id=home,
                side="BACK",
                limit_order=filters.limit_order(size=2, price=3.0, persistence_type="LAPSE"),
                customer_order_ref="py-order",
            )
        ],
        customer_ref=uuid.uuid4().hex,
        customer_strategy_ref="pytest",
    )
    assert placed.status == "SUCCESS"
    report = placed.place_instruction_reports[0]
    assert report.order_status == "EXECUTABLE"
    assert report.instruction.limit_order.price == 3.0
    assert report.placed_date is not None

    current = bot.betting.list_current_orders(bet_ids=[report.bet_id])
    order = current.orders[0]
    assert (order.customer_order_ref, order.customer_strategy_ref) == ("py-order", "pytest")
    assert (order.price_size.price, order.price_size.size, order.size_remaining) == (3.0, 2, 2)
    assert order.placed_date is not None

    replaced = bot.betting.replace_orders(
        catalogue.market_id, [filters.replace_instruction(bet_id=report.bet_id, new_price=3.5)]
    )
    assert replaced.status == "SUCCESS"
    swap = replaced.replace_instruction_reports[0]
    assert swap.cancel_instruction_reports.size_cancelled == 2
    new_bet = swap.place_instruction_reports.bet_id

    updated = bot.betting.update_orders(
        catalogue.market_id, [filters.update_instruction(bet_id=new_bet, new_persistence_type="PERSIST")]
    )
    assert updated.status == "SUCCESS"
    assert bot.betting.list_current_orders(bet_ids=[new_bet]).orders[0].persistence_type == "PERSIST"

    cancelled = bot.betting.cancel_orders(catalogue.market_id, [filters.cancel_instruction(bet_id=new_bet)])
    assert cancelled.status == "SUCCESS"
    assert cancelled.cancel_instruction_reports[0].size_cancelled == 2


def test_refuses_an_order_it_cannot_fund(bot, market):
    catalogue = catalogue_of(bot, market)
    broke = bot.betting.place_orders(
        catalogue.market_id,
        [
            filters.place_instruction(
                order_type="LIMIT",
                selection_id=catalogue.runners[0].selection_id,
                side="LAY",
                limit_order=filters.limit_order(size=100000, price=50, persistence_type="LAPSE"),
            )
        ],
    )
    assert (broke.status, broke.error_code) == ("FAILURE", "INSUFFICIENT_FUNDS")
    assert broke.place_instruction_reports[0].error_code == "ERROR_IN_ORDER"


def test_matched_order_profit_and_loss_then_cleared_after_settlement(bot, market, counterparty, operator):
    catalogue = catalogue_of(bot, market)
    home, away = (runner.selection_id for runner in catalogue.runners)
    portal_market = market["portal"]
    portal_lay(counterparty, portal_market, 2.0, "4")
    placed = bot.betting.place_orders(
        catalogue.market_id,
        [
            filters.place_instruction(
                order_type="LIMIT",
                selection_id=home,
                side="BACK",
                limit_order=filters.limit_order(size=4, price=2.0, persistence_type="LAPSE"),
            )
        ],
    )
    report = placed.place_instruction_reports[0]
    assert (report.order_status, report.size_matched, report.average_price_matched) == ("EXECUTION_COMPLETE", 4, 2.0)

    [market_book] = bot.betting.list_market_book(
        [catalogue.market_id], order_projection="ALL", match_projection="ROLLED_UP_BY_PRICE"
    )
    [own] = [order for order in market_book.runners[0].orders if order.bet_id == report.bet_id]
    assert (own.bet_id, own.size_matched, own.status) == (report.bet_id, 4, "EXECUTION_COMPLETE")
    assert [(match.side, match.price, match.size) for match in market_book.runners[0].matches] == [("BACK", 2.0, 4)]

    [book] = bot.betting.list_market_profit_and_loss([catalogue.market_id])
    assert {pnl.selection_id: pnl.if_win for pnl in book.profit_and_losses} == {home: 4, away: -4}

    settle_on_first_runner(operator, portal_market)
    cleared = bot.betting.list_cleared_orders(bet_status="SETTLED", market_ids=[catalogue.market_id])
    [order] = cleared.orders
    assert (order.bet_id, order.bet_outcome, order.size_settled) == (report.bet_id, "WON", 4)
    assert order.profit > 0
    assert order.settled_date is not None


def test_an_invalid_session_is_refused(bot):
    bot.session_token = "not-a-session"
    with pytest.raises(APIError):
        bot.betting.list_current_orders()
    bot.session_token = None

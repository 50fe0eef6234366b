"""The catalogue and prices through the unmodified client: sports, events, markets and their books.

An operator's market is made first through the portal's admin API (BACKLAY_ADMIN_EMAIL and
BACKLAY_ADMIN_PASSWORD; by default the test app's operator), so the catalogue has a market whatever the
feed did. Until the betting operations are served, the module skips.
"""
import os
import uuid
from datetime import datetime, timedelta, timezone

import pytest
import requests
from betfairlightweight import filters
from betfairlightweight.exceptions import APIError

from conftest import PORTAL, error_code

ADMIN_EMAIL = os.environ.get("BACKLAY_ADMIN_EMAIL", "admin@test.local")
ADMIN_PASSWORD = os.environ.get("BACKLAY_ADMIN_PASSWORD", "admin-password")
POLITICS = "2378961"
EVERYTHING = [
    "COMPETITION",
    "EVENT",
    "EVENT_TYPE",
    "RUNNER_DESCRIPTION",
    "RUNNER_METADATA",
    "MARKET_START_TIME",
    "MARKET_DESCRIPTION",
]


@pytest.fixture(scope="module")
def event_name():
    """An operator's politics event with one exchange market, Yes and No."""
    login = requests.post(
        f"{PORTAL}/api/loginUser", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}, timeout=10
    )
    login.raise_for_status()
    name = f"Referendum {uuid.uuid4().hex[:8]}"
    created = requests.post(
        f"{PORTAL}/api/admin/events",
        headers={"Authorization": f"Bearer {login.json()['access_token']}"},
        json={
            "sport": "politics",
            "competition": "Specials",
            "name": name,
            "startTime": (datetime.now(timezone.utc) + timedelta(days=1)).isoformat(),
            "markets": [{"type": "MATCH_ODDS", "runners": ["Yes", "No"], "marketMaker": False}],
        },
        timeout=10,
    )
    assert created.status_code == 201, created.text
    return name


@pytest.fixture
def betting(trading, event_name):
    try:
        trading.betting.list_event_types()
    except APIError as error:
        if (error.response or {}).get("error", {}).get("code") == -32601:
            pytest.skip("the betting operations are not served yet")
        raise
    return trading.betting


def our_market(betting, event_name, projection=None):
    markets = betting.list_market_catalogue(
        filter=filters.market_filter(text_query=event_name),
        market_projection=projection or EVERYTHING,
        max_results=10,
    )
    assert len(markets) == 1
    return markets[0]


def test_event_types_carry_betfairs_ids(betting):
    types = {result.event_type.id: result for result in betting.list_event_types()}
    assert types[POLITICS].event_type.name == "Politics"
    assert types[POLITICS].market_count >= 1


def test_events_filter_by_sport_and_text(betting, event_name):
    events = betting.list_events(filter=filters.market_filter(event_type_ids=[POLITICS], text_query=event_name))
    assert [result.event.name for result in events] == [event_name]
    assert events[0].event.id.isdigit()
    assert events[0].event.open_date is not None
    assert events[0].market_count == 1


def test_catalogue_answers_every_projection(betting, event_name):
    market = our_market(betting, event_name)
    assert market.market_id.startswith("1.")
    assert market.market_name == "Match Odds"
    assert market.event_type.id == POLITICS
    assert market.event.name == event_name
    assert market.competition.name == "Specials"
    assert market.market_start_time is not None
    assert market.description.market_time is not None
    assert market.description.betting_type == "ODDS"
    assert [(runner.runner_name, runner.sort_priority) for runner in market.runners] == [("Yes", 1), ("No", 2)]
    assert all(isinstance(runner.selection_id, int) for runner in market.runners)


def test_market_book_and_runner_book(betting, event_name):
    market = our_market(betting, event_name, ["RUNNER_DESCRIPTION"])
    projection = filters.price_projection(price_data=filters.price_data(ex_best_offers=True, ex_traded=True))
    [book] = betting.list_market_book(market_ids=[market.market_id], price_projection=projection)
    assert book.market_id == market.market_id
    assert book.status == "OPEN"
    assert book.inplay is False
    assert isinstance(book.version, int)
    assert [runner.selection_id for runner in book.runners] == [r.selection_id for r in market.runners]
    assert all(runner.ex is not None and runner.status == "ACTIVE" for runner in book.runners)
    second = market.runners[1].selection_id
    [one] = betting.list_runner_book(market_id=market.market_id, selection_id=second, price_projection=projection)
    assert [runner.selection_id for runner in one.runners] == [second]


def test_limits_answer_betfairs_errors(betting):
    with pytest.raises(APIError) as raised:
        betting.list_market_catalogue(filter=filters.market_filter(), max_results=1001)
    assert error_code(raised.value, "APINGException") == "INVALID_INPUT_DATA"
    projection = filters.price_projection(price_data=filters.price_data(ex_all_offers=True, ex_traded=True))
    with pytest.raises(APIError) as raised:
        betting.list_market_book(market_ids=[f"1.{n}" for n in range(1, 8)], price_projection=projection)
    assert error_code(raised.value, "APINGException") == "TOO_MUCH_DATA"

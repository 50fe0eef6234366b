"""The unmodified betfairlightweight client against a running portal.

BACKLAY_URL names the portal (default http://127.0.0.1:8080); BACKLAY_PLAYER_EMAIL and
BACKLAY_PLAYER_PASSWORD a player (default the demo player). The harness makes its own app key through
the portal's API, as a player would on the API access page.
"""
import os
import uuid
from datetime import datetime, timedelta, timezone

import betfairlightweight
import pytest
import requests

PORTAL = os.environ.get("BACKLAY_URL", "http://127.0.0.1:8080").rstrip("/")
EMAIL = os.environ.get("BACKLAY_PLAYER_EMAIL", "player@backlay.local")
PASSWORD = os.environ.get("BACKLAY_PLAYER_PASSWORD", "player123")
ADMIN_EMAIL = os.environ.get("BACKLAY_ADMIN_EMAIL", "admin@test.local")
ADMIN_PASSWORD = os.environ.get("BACKLAY_ADMIN_PASSWORD", "admin-password")


def portal_token():
    answer = requests.post(f"{PORTAL}/api/loginUser", json={"email": EMAIL, "password": PASSWORD}, timeout=10)
    answer.raise_for_status()
    return answer.json()["access_token"]


@pytest.fixture(scope="session")
def portal_headers():
    return {"Authorization": f"Bearer {portal_token()}"}


@pytest.fixture(scope="session")
def app_key(portal_headers):
    answer = requests.post(
        f"{PORTAL}/api/me/app-keys", json={"name": "pytest harness"}, headers=portal_headers, timeout=10
    )
    assert answer.status_code == 201, answer.text
    key = answer.json()["appKey"]
    yield key
    requests.delete(f"{PORTAL}/api/me/app-keys/{key}", headers=portal_headers, timeout=10)


def make_client(app_key, password=PASSWORD):
    """A client pointed at the portal the way a bot points it: the two URL attributes."""
    trading = betfairlightweight.APIClient(EMAIL, password, app_key=app_key)
    trading.identity_uri = f"{PORTAL}/betfair/identity/"
    trading.api_uri = f"{PORTAL}/betfair/exchange/"
    return trading


@pytest.fixture
def trading(app_key):
    client = make_client(app_key)
    client.login_interactive()
    yield client
    if client.session_token:
        client.logout()


def error_code(api_error, exception_name="AccountAPINGException"):
    """The errorCode an API-NG error carries, as betfairlightweight keeps the response."""
    return api_error.response["error"]["data"][exception_name]["errorCode"]


def login(email, password):
    """A portal session's headers, as a browser or the console signs in."""
    answer = requests.post(f"{PORTAL}/api/loginUser", json={"email": email, "password": password}, timeout=10)
    answer.raise_for_status()
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


@pytest.fixture(scope="module")
def operator():
    return login(ADMIN_EMAIL, ADMIN_PASSWORD)


def deposit(operator, player_id, amount):
    answer = requests.post(
        f"{PORTAL}/api/admin/players/{player_id}/deposit",
        json={"amount": amount, "remark": "pytest"},
        headers=operator,
        timeout=10,
    )
    assert answer.status_code in (200, 201), answer.text


def new_market(operator, prefix="Derby"):
    """An operator's exchange market, Home and Away, stakes from 1.00: its name and the portal's answer."""
    name = f"{prefix} {uuid.uuid4().hex[:8]}"
    created = requests.post(
        f"{PORTAL}/api/admin/events",
        headers=operator,
        json={
            "sport": "politics",
            "competition": "Specials",
            "name": name,
            "startTime": (datetime.now(timezone.utc) + timedelta(days=1)).isoformat(),
            "markets": [{"type": "MATCH_ODDS", "runners": ["Home", "Away"], "marketMaker": False, "minStake": "1"}],
        },
        timeout=10,
    )
    assert created.status_code == 201, created.text
    return {"name": name, "portal": created.json()["markets"][0]}


@pytest.fixture(scope="module")
def market(operator):
    return new_market(operator)


def portal_lay(headers, portal_market, price, stake):
    """A lay on the market's first runner through the portal's own bets API."""
    laid = requests.post(
        f"{PORTAL}/api/bets",
        headers=headers,
        json={
            "marketId": portal_market["id"],
            "runnerId": portal_market["runners"][0]["id"],
            "side": "LAY",
            "price": price,
            "stake": stake,
            "persistence": "LAPSE",
            "clientRef": uuid.uuid4().hex,
        },
        timeout=10,
    )
    assert laid.status_code == 201, laid.text


def settle_on_first_runner(operator, portal_market):
    settled = requests.post(
        f"{PORTAL}/api/admin/markets/{portal_market['id']}/settle",
        headers=operator,
        json={"winnerRunnerId": portal_market["runners"][0]["id"]},
        timeout=10,
    )
    assert settled.status_code == 200, settled.text


@pytest.fixture(scope="module")
def counterparty(operator):
    """Another player with money, signed in to the portal, to take the other side of the bot's bets."""
    email = f"cp-{uuid.uuid4().hex[:8]}@test.local"
    made = requests.post(
        f"{PORTAL}/api/admin/players",
        json={"email": email, "password": "secret1", "name": "Counterparty"},
        headers=operator,
        timeout=10,
    )
    assert made.status_code == 201, made.text
    deposit(operator, made.json()["player"]["id"], "500.00")
    return login(email, "secret1")


@pytest.fixture
def bot(trading, portal_headers, operator):
    """The signed-in client of a player with 100.00 more to trade with."""
    me = requests.get(f"{PORTAL}/api/me", headers=portal_headers, timeout=10).json()
    deposit(operator, me["user"]["id"], "100.00")
    return trading

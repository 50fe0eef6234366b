from decimal import Decimal

import pytest
import requests
from betfairlightweight.exceptions import APIError

from conftest import PORTAL, error_code, make_client


def test_account_funds_match_the_portals_balance(trading, portal_headers):
    funds = trading.account.get_account_funds()
    balance = requests.get(f"{PORTAL}/api/me/balance", headers=portal_headers, timeout=10).json()
    assert Decimal(str(funds.available_to_bet_balance)) == Decimal(balance["balance"])
    assert Decimal(str(funds.exposure)) == -Decimal(balance["exposure"])
    assert funds.wallet == "UK"
    assert funds.retained_commission == 0
    assert funds.discount_rate == 0
    assert funds.points_balance == 0
    assert funds.exposure_limit <= 0
    assert set(funds._data) == {
        "availableToBetBalance",
        "exposure",
        "retainedCommission",
        "exposureLimit",
        "discountRate",
        "pointsBalance",
        "wallet",
    }


def test_account_details_name_the_player(trading):
    details = trading.account.get_account_details()
    assert details.currency_code == "PTS"
    assert details.first_name == "Demo"
    assert details.last_name == "Player"
    assert details.locale_code == "en"


def test_a_call_after_logout_is_refused(trading):
    token = trading.session_token
    trading.logout()
    # The client forgets its token on logout: the call carries none.
    with pytest.raises(APIError) as raised:
        trading.account.get_account_funds()
    assert error_code(raised.value) == "NO_SESSION"
    # The old token, sent again, is dead.
    trading.set_session_token(token)
    with pytest.raises(APIError) as raised:
        trading.account.get_account_funds()
    assert error_code(raised.value) == "INVALID_SESSION_INFORMATION"
    trading.session_token = None


def test_an_invalid_session_is_refused(app_key):
    trading = make_client(app_key)
    trading.set_session_token("not-a-session-token")
    with pytest.raises(APIError) as raised:
        trading.account.get_account_details()
    assert error_code(raised.value) == "INVALID_SESSION_INFORMATION"
    trading.session_token = None


def test_a_revoked_key_is_refused(trading, portal_headers):
    created = requests.post(
        f"{PORTAL}/api/me/app-keys", json={"name": "short-lived"}, headers=portal_headers, timeout=10
    ).json()
    other = make_client(created["appKey"])
    other.login_interactive()
    assert other.account.get_account_funds().wallet == "UK"
    requests.delete(f"{PORTAL}/api/me/app-keys/{created['appKey']}", headers=portal_headers, timeout=10)
    with pytest.raises(APIError) as raised:
        other.account.get_account_funds()
    assert error_code(raised.value) == "INVALID_APP_KEY"

import pytest
from betfairlightweight.exceptions import KeepAliveError, LoginError, LogoutError

from conftest import make_client


def test_login_gives_a_session_token(app_key):
    trading = make_client(app_key)
    trading.login_interactive()
    assert isinstance(trading.session_token, str) and len(trading.session_token) > 20
    trading.logout()


def test_wrong_password_is_refused_with_betfairs_error(app_key):
    trading = make_client(app_key, password="not-the-password")
    with pytest.raises(LoginError) as raised:
        trading.login_interactive()
    assert raised.value.response["error"] == "INVALID_USERNAME_OR_PASSWORD"
    assert raised.value.response["status"] == "FAIL"
    assert trading.session_token is None


def test_unknown_app_key_is_refused(app_key):
    trading = make_client("unknown-key-000")
    with pytest.raises(LoginError) as raised:
        trading.login_interactive()
    assert raised.value.response["error"] == "INVALID_APP_KEY"
    assert raised.value.response["product"] == "unknown-key-000"


def test_keep_alive_answers_the_same_token(trading, app_key):
    token = trading.session_token
    answer = trading.keep_alive()
    assert answer.status == "SUCCESS"
    assert answer.error == ""
    assert answer.token == token
    assert answer.product == app_key


def test_logout_ends_the_session_everywhere(trading):
    token = trading.session_token
    answer = trading.logout()
    assert answer.status == "SUCCESS"
    trading.set_session_token(token)
    with pytest.raises(KeepAliveError) as raised:
        trading.keep_alive()
    assert raised.value.response["error"] == "NO_SESSION"
    with pytest.raises(LogoutError):
        trading.logout()
    trading.session_token = None

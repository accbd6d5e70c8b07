#!/usr/bin/python3
"""An identity provider the portal did not write: Debian's python3-pysaml2 (with xmlsec1).

Used by the API tests (server/test/sso-pysaml2.test.ts, sso-logout.test.ts) and the end-to-end
spec (e2e/sso-idp.spec.ts). Listens on 127.0.0.1 only; prints one JSON line {"port": N} when ready.

Arguments (JSON, one argument):
  {"entityId", "baseUrl", "spMetadata": <file>, "keys": {"name": {"key": <file>, "cert": <file>}},
   "webUser": {"nameId", "attributes"}?, "webSigner"?}

HTTP API (JSON in, JSON out) for the tests:
  POST /api/authn-response   a Response to the AuthnRequest of a sign-on address (its redirect
                             signature checked with the SP certificate from the SP's metadata), or
                             unsolicited; signing variant, algorithms, signer key, error status
  POST /api/logout-request   a signed LogoutRequest for a NameID / SessionIndex (redirect or POST)
  POST /api/logout-answer    the portal's LogoutRequest (its address) checked and answered
Browser endpoints (e2e): GET /sso (the portal's AuthnRequest -> an auto-posting form to the ACS),
GET /slo (the portal's LogoutRequest -> our LogoutResponse back to the portal).
"""

import base64
import html
import json
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT, samlp, xmldsig
from saml2.config import IdPConfig
from saml2.s_utils import UnknownPrincipal
from saml2.saml import NAMEID_FORMAT_UNSPECIFIED, NameID
from saml2.server import Server
from saml2.sigver import verify_redirect_signature

ARGS = json.loads(sys.argv[1])
XMLSEC = "/usr/bin/xmlsec1"
SIGN = {"sha256": xmldsig.SIG_RSA_SHA256, "sha1": xmldsig.SIG_RSA_SHA1, "sha512": xmldsig.SIG_RSA_SHA512}
DIGEST = {"sha256": xmldsig.DIGEST_SHA256, "sha1": xmldsig.DIGEST_SHA1, "sha512": xmldsig.DIGEST_SHA512}
STATUS = "urn:oasis:names:tc:SAML:2.0:status:"


def make_server(key_file, cert_file):
    base = ARGS["baseUrl"]
    conf = IdPConfig()
    conf.load({
        "entityid": ARGS["entityId"],
        "xmlsec_binary": XMLSEC,
        "key_file": key_file,
        "cert_file": cert_file,
        "metadata": {"local": [ARGS["spMetadata"]]},
        "service": {
            "idp": {
                "endpoints": {
                    "single_sign_on_service": [(f"{base}/sso", BINDING_HTTP_REDIRECT)],
                    "single_logout_service": [(f"{base}/slo", BINDING_HTTP_REDIRECT)],
                },
                "name_id_format": [NAMEID_FORMAT_UNSPECIFIED],
                # Send every attribute the test names, as it names it (no attribute filtering).
                "policy": {"default": {"lifetime": {"minutes": 15}, "attribute_restrictions": None}},
            },
        },
        "allow_unknown_attributes": True,
    })
    return Server(config=conf)


SERVERS = {name: make_server(k["key"], k["cert"]) for name, k in ARGS["keys"].items()}
FIRST = next(iter(SERVERS))
SP = None  # the SP entity id, from its metadata


def sp_entity_id(idp):
    return next(iter(idp.metadata.service_providers()))


def sp_cert(idp, sp):
    return idp.metadata.certs(sp, "spsso", "signing")


def acs_of(idp, sp):
    return idp.metadata.assertion_consumer_service(sp, BINDING_HTTP_POST)[0]["location"]


def slo_of(idp, sp, binding):
    return idp.metadata.single_logout_service(sp, binding, "spsso")[0]["location"]


def check_redirect_signature(idp, query):
    """The portal's HTTP-Redirect signature, with the certificate its metadata publishes."""
    msg = {k: v[0] for k, v in parse_qs(query, keep_blank_values=True).items()}
    if "Signature" not in msg:
        return False
    for cert in sp_cert(idp, sp_entity_id(idp)):
        cert = cert[1] if isinstance(cert, tuple) else cert
        if verify_redirect_signature(msg, idp.sec.sec_backend, cert):
            return True
    return False


def authn_response(o):
    idp = SERVERS[o.get("signer", FIRST)]
    sp = sp_entity_id(idp)
    in_response_to = None
    request_verified = None
    force_authn = None
    if o.get("address"):
        query = urlsplit(o["address"]).query
        msg = {k: v[0] for k, v in parse_qs(query).items()}
        request_verified = check_redirect_signature(idp, query)
        req = idp.parse_authn_request(msg["SAMLRequest"], BINDING_HTTP_REDIRECT)
        in_response_to = req.message.id
        force_authn = req.message.force_authn
    destination = o.get("destination") or acs_of(idp, sp)
    sign_alg = SIGN[o.get("signAlg", "sha256")]
    digest_alg = DIGEST[o.get("digestAlg", "sha256")]
    if o.get("status"):
        st = o["status"]
        status = samlp.Status(
            status_message=samlp.StatusMessage(text=st["message"]) if st.get("message") else None,
            status_code=samlp.StatusCode(
                value=STATUS + st.get("top", "Responder"),
                status_code=samlp.StatusCode(value=STATUS + st["second"]) if st.get("second") else None,
            ),
        )
        resp = idp._response(in_response_to, destination, status, sign=o.get("signResponse", False), sign_alg=sign_alg, digest_alg=digest_alg)
        return {"samlResponse": base64.b64encode(str(resp).encode()).decode(), "requestVerified": request_verified}
    name_id = NameID(text=o["nameId"], format=o.get("nameIdFormat", NAMEID_FORMAT_UNSPECIFIED))
    resp = idp.create_authn_response(
        o.get("attributes", {}),
        in_response_to,
        destination,
        sp,
        name_id=name_id,
        # authnInstant (seconds since the epoch): an IdP answering from a login it made earlier
        # (one that ignores ForceAuthn); by default the login is made now.
        authn={"class_ref": "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport", **({"authn_instant": o["authnInstant"]} if o.get("authnInstant") else {})},
        sign_response=o.get("signResponse", False),
        sign_assertion=o.get("signAssertion", False),
        sign_alg=sign_alg,
        digest_alg=digest_alg,
    )
    return {"samlResponse": base64.b64encode(str(resp).encode()).decode(), "requestVerified": request_verified, "forceAuthn": force_authn}


def logout_request(o):
    idp = SERVERS[o.get("signer", FIRST)]
    sp = sp_entity_id(idp)
    binding = BINDING_HTTP_POST if o.get("binding") == "post" else BINDING_HTTP_REDIRECT
    destination = slo_of(idp, sp, binding)
    name_id = NameID(text=o["nameId"], format=o.get("nameIdFormat", NAMEID_FORMAT_UNSPECIFIED))
    sign_alg = SIGN[o.get("signAlg", "sha256")]
    digest_alg = DIGEST[o.get("digestAlg", "sha256")]
    indexes = [o["sessionIndex"]] if o.get("sessionIndex") else None
    post = binding == BINDING_HTTP_POST
    req_id, req = idp.create_logout_request(destination, sp, name_id=name_id, session_indexes=indexes,
                                            sign=post and o.get("sign", True), sign_alg=sign_alg, digest_alg=digest_alg)
    if post:
        return {"id": req_id, "samlRequest": base64.b64encode(str(req).encode()).decode()}
    args = idp.apply_binding(binding, str(req), destination, relay_state=o.get("relayState", ""),
                             sign=o.get("sign", True), sigalg=sign_alg)
    location = dict(args["headers"])["Location"]
    return {"id": req_id, "url": location}


def logout_answer(o):
    """The portal's LogoutRequest address: signature checked, parsed, answered with a LogoutResponse."""
    idp = SERVERS[o.get("signer", FIRST)]
    query = urlsplit(o["address"]).query
    msg = {k: v[0] for k, v in parse_qs(query).items()}
    verified = check_redirect_signature(idp, query)
    req = idp.parse_logout_request(msg["SAMLRequest"], BINDING_HTTP_REDIRECT)
    m = req.message
    resp = idp.create_logout_response(m, [BINDING_HTTP_REDIRECT])
    sp = sp_entity_id(idp)
    args = idp.apply_binding(BINDING_HTTP_REDIRECT, str(resp), slo_of(idp, sp, BINDING_HTTP_REDIRECT),
                             relay_state=msg.get("RelayState", ""), response=True, sign=True, sigalg=SIGN["sha256"])
    return {
        "verified": verified,
        "id": m.id,
        "issuer": m.issuer.text,
        "nameId": m.name_id.text,
        "sessionIndexes": [s.text for s in (m.session_index or [])],
        "url": dict(args["headers"])["Location"],
    }


API = {"/api/authn-response": authn_response, "/api/logout-request": logout_request, "/api/logout-answer": logout_answer}


def web_sign_on(query):
    """A person at the IdP: the configured web user signs in; the browser posts the answer to the ACS."""
    idp = SERVERS[ARGS.get("webSigner", FIRST)]
    if not check_redirect_signature(idp, query):
        return 400, "text/plain", "the AuthnRequest signature does not verify"
    msg = {k: v[0] for k, v in parse_qs(query).items()}
    req = idp.parse_authn_request(msg["SAMLRequest"], BINDING_HTTP_REDIRECT)
    user = ARGS["webUser"]
    sp = sp_entity_id(idp)
    acs = acs_of(idp, sp)
    resp = idp.create_authn_response(
        user.get("attributes", {}), req.message.id, acs, sp,
        name_id=NameID(text=user["nameId"], format=NAMEID_FORMAT_UNSPECIFIED),
        authn={"class_ref": "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"},
        sign_response=user.get("signResponse", False), sign_assertion=user.get("signAssertion", True),
        sign_alg=SIGN["sha256"], digest_alg=DIGEST["sha256"],
    )
    saml_response = base64.b64encode(str(resp).encode()).decode()
    relay = msg.get("RelayState", "")
    page = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>pysaml2 IdP</title></head>"
        "<body onload='document.forms[0].submit()'><p>pysaml2 identity provider: signing in</p>"
        f"<form method='post' action='{html.escape(acs)}'>"
        f"<input type='hidden' name='SAMLResponse' value='{saml_response}'>"
        f"<input type='hidden' name='RelayState' value='{html.escape(relay)}'>"
        "<noscript><button type='submit'>Continue</button></noscript></form></body></html>"
    )
    return 200, "text/html; charset=utf-8", page


def web_logout(query):
    answer = logout_answer({"address": "?" + query, "signer": ARGS.get("webSigner", FIRST)})
    if not answer["verified"]:
        return 400, "text/plain", "the LogoutRequest signature does not verify", None
    return 303, "text/plain", "", answer["url"]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, ctype, body, location=None):
        data = body.encode()
        self.send_response(status)
        self.send_header("content-type", ctype)
        self.send_header("content-length", str(len(data)))
        if location:
            self.send_header("location", location)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlsplit(self.path)
        try:
            if url.path == "/sso":
                self.send(*web_sign_on(url.query))
            elif url.path == "/slo":
                self.send(*web_logout(url.query))
            elif url.path == "/healthz":
                self.send(200, "text/plain", "ok")
            else:
                self.send(404, "text/plain", "not found")
        except Exception:
            self.send(500, "text/plain", traceback.format_exc())

    def do_POST(self):
        fn = API.get(urlsplit(self.path).path)
        if not fn:
            return self.send(404, "text/plain", "not found")
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))) or b"{}")
            self.send(200, "application/json", json.dumps(fn(body)))
        except Exception:
            self.send(500, "text/plain", traceback.format_exc())


def main():
    server = ThreadingHTTPServer(("127.0.0.1", ARGS.get("port", 0)), Handler)
    print(json.dumps({"port": server.server_address[1]}), flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Ends with its parent: stdin closes when the test process goes.
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()

// The API reference page's start script (issue 22), served from this origin as /api-reference/start.js
// (the page's policy allows no inline script). Plain browser JavaScript, not built by Vite: the
// renderer stays out of the web app's bundle.
(function () {
  "use strict";
  var settings = JSON.parse(document.getElementById("api-reference-settings").textContent);
  // The portal keeps the chosen language in the tab's session storage (spec 3, key i18n).
  var language = sessionStorage.getItem("i18n") === "en" ? "en" : "cn";
  var texts = settings.texts[language];
  document.documentElement.lang = language === "cn" ? "zh-CN" : "en";
  document.title = texts.title;

  function say(text) {
    var message = document.getElementById("api-reference-message");
    message.textContent = text;
    message.hidden = false;
  }

  // With access "admin" the contract is sent only with an administrator's session: the sid the
  // portal keeps in this tab's session storage goes in the sid header, never in the address.
  var headers = { accept: "application/json" };
  if (settings.access === "admin") {
    var sid = sessionStorage.getItem("sid");
    if (!sid || sid === "timeout") return say(texts.signIn);
    headers.sid = sid;
  }

  fetch("/api-reference/openapi.json", { headers: headers, credentials: "same-origin", cache: "no-store" })
    .then(function (response) {
      if (response.status === 401) throw texts.signIn;
      if (response.status === 403) throw texts.forbidden;
      if (!response.ok) throw texts.failed;
      return response.json();
    })
    .then(function (spec) {
      window.SwaggerUIBundle({
        spec: spec,
        dom_id: "#api-reference",
        // Nothing leaves this origin: no validator badge (Swagger UI asks validator.swagger.io by
        // default), no address or query that loads another document.
        validatorUrl: null,
        queryConfigEnabled: false,
        // A reference to read and validate against, not a console: no "Try it out", which would
        // want a session id typed into the page.
        supportedSubmitMethods: [],
        deepLinking: true,
        // Tags folded: all 165 operations unfolded at once rendered only the first three (Swagger UI
        // 5.35 under Chromium, issue 22); a tag opened shows all of its own.
        docExpansion: "none",
        defaultModelsExpandDepth: 0,
      });
    })
    .catch(function (error) {
      say(typeof error === "string" ? error : texts.failed);
    });
})();

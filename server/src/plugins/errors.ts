import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { ApiError, badRequest, dbUnavailable, internalError } from "../lib/errors.ts";
import { API_CSP, BASE_HEADERS } from "./headers.ts";

// Chinese wording per JSON-schema rule; the English side names the rule and ajv's own text.
const cnRule: Record<string, (p: any) => string> = {
  required: () => "必填项不能为空",
  maxLength: (p) => `长度不能超过 ${p.limit}`,
  minLength: (p) => `长度不能少于 ${p.limit}`,
  pattern: () => "格式不正确",
  format: () => "格式不正确",
  enum: () => "取值不在允许范围内",
  const: () => "取值不在允许范围内",
  type: () => "类型不正确",
  additionalProperties: (p) => `不允许的字段 ${p.additionalProperty}`,
  minimum: (p) => `不能小于 ${p.limit}`,
  maximum: (p) => `不能大于 ${p.limit}`,
  exclusiveMinimum: (p) => `必须大于 ${p.limit}`,
  exclusiveMaximum: (p) => `必须小于 ${p.limit}`,
  minItems: (p) => `至少 ${p.limit} 项`,
  maxItems: (p) => `最多 ${p.limit} 项`,
  uniqueItems: () => "不能有重复项",
  filePart: () => "请选择要上传的文件",
};
const enRule: Record<string, string> = {
  filePart: "must be an uploaded file part",
};

function validationError(err: FastifyError): ApiError {
  const errors = (err.validation ?? []).map((v: any) => {
    const base = v.instancePath ? v.instancePath.slice(1).replace(/\//g, ".") : "";
    const field = v.keyword === "required" ? [base, v.params.missingProperty].filter(Boolean).join(".") : base || String(err.validationContext ?? "body");
    const cn = `${field}: ${(cnRule[v.keyword] ?? (() => "不符合规则"))(v.params)}`;
    const en = `${field}: ${enRule[v.keyword] ?? v.message ?? `fails rule ${v.keyword}`}`;
    return { field, rule: v.keyword as string, message: cn, enMessage: en };
  });
  const first = errors[0] ?? { field: "", rule: "", message: "请求参数不正确", enMessage: "Invalid request" };
  return new ApiError(400, 400, `参数错误 - ${first.message}`, `Invalid input - ${first.enMessage}`, errors);
}

const malformedForm = () => new ApiError(400, 400, "上传的表单格式不正确", "The multipart form is malformed");

/** The PostgreSQL SQLSTATE of a failed query (pg's error, or the one drizzle wraps as its cause). */
function sqlState(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 4; e = e.cause, depth++)
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === "string") return e.code;
  return undefined;
}

/**
 * PostgreSQL data exceptions that only a value from the request can cause (the contract lets the
 * value through): a NUL or other character the database cannot store in text, a date such as
 * 2024-13-45 that matches the YYYY-MM-DD pattern, a number beyond its column. A 400, not a 500.
 */
function dataException(err: unknown): ApiError | null {
  switch (sqlState(err)) {
    case "22021": // character_not_in_repertoire: "invalid byte sequence for encoding UTF8: 0x00"
    case "22P05": // untranslatable_character
      return new ApiError(400, 400, "参数错误 - 文本中含有无法保存的字符", "Invalid input - the text contains a character that cannot be stored (such as NUL)");
    case "22007": // invalid_datetime_format
    case "22008": // datetime_field_overflow: "date/time field value out of range"
      return new ApiError(400, 400, "参数错误 - 日期或时间无效", "Invalid input - a date or time is not valid");
    case "22003": // numeric_value_out_of_range
      return new ApiError(400, 400, "参数错误 - 数值超出范围", "Invalid input - a number is out of range");
  }
  return null;
}

/** Maps every failure to the envelope with an honest HTTP status (ARCHITECTURE 3). */
function toApiError(err: FastifyError & { errors?: unknown[] }): ApiError | null {
  if (err instanceof ApiError) return err;
  // Before anything else: a security handler or a hook that could not reach the database failed
  // for that reason alone, whatever it was checking.
  if (isDatabaseUnavailable(err)) return dbUnavailable();
  const data = dataException(err);
  if (data) return data;
  // fastify-openapi-glue wraps security-handler failures; the last handler's error is the answer.
  if (Array.isArray(err.errors)) {
    const inner = [...err.errors].reverse().find((e) => e instanceof ApiError);
    if (inner) return inner as ApiError;
  }
  if (err.validation) return validationError(err);
  switch (err.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE": // a multipart file part (plugins/uploads.ts)
      return new ApiError(413, 413, "上传内容超过大小限制", "The upload is larger than allowed");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, 415, "不支持的内容类型", "Unsupported content type");
    // Multipart forms (plugins/uploads.ts): too many parts, a prototype field name, a broken form.
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new ApiError(400, 400, "表单内容过多：一次只能上传一个文件", "The form has too many parts: upload one file at a time");
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
    case "FST_MP_PREMATURE_CLOSE":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return malformedForm();
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError(400, 400, "请求内容不是有效的 JSON", "The request body is not valid JSON");
  }
  // busboy's own refusals of a broken multipart body are plain errors.
  if (/^(Malformed|Unexpected end of|Multipart: Boundary not found|Part terminated early)/.test(err.message ?? "")) return malformedForm();
  if (err.statusCode === 400 || (err instanceof SyntaxError && err.message.includes("JSON")))
    return new ApiError(400, 400, "请求内容不正确", "The request is malformed");
  return null;
}

export function sendError(reply: FastifyReply, e: ApiError) {
  return reply.status(e.status).send({
    code: e.code,
    data: null,
    resultMessage: e.cn,
    resultEnMessage: e.en,
    ...(e.errors ? { errors: e.errors } : {}),
  });
}

/**
 * The router's own refusals, before any route or hook runs (Fastify's `frameworkErrors`): an
 * address that is not valid percent-encoded UTF-8, or a path parameter over maxParamLength. Both
 * are the caller's bad request, answered in the envelope like every other (the fuzz run found the
 * first answered in Fastify's own shape).
 */
export function sendFrameworkError(err: FastifyError, reply: FastifyReply) {
  // The app's onSend hooks do not run for these: the headers every API answer carries are set here.
  reply.headers({ ...BASE_HEADERS, "content-security-policy": API_CSP });
  if (err.code === "FST_ERR_BAD_URL") return sendError(reply, badRequest("url", "encoding", "请求地址无效", "The request address is not valid"));
  if (err.code === "FST_ERR_MAX_PARAM_LENGTH") return sendError(reply, badRequest("url", "maxLength", "请求地址中的参数过长", "A parameter in the request address is too long"));
  reply.log.error({ err }, "request failed in the router");
  return sendError(reply, internalError());
}

/** The innermost message of a wrapped failure (drizzle puts the query first and the reason in `cause`). */
function causeOf(err: unknown): string {
  let e: any = err;
  for (let depth = 0; e?.cause && depth < 5; depth++) e = e.cause;
  return String(e?.message ?? e?.code ?? e);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const known = toApiError(err);
    if (known) {
      if (known.status === 503) {
        // One line per refused request, without a stack: an outage is not a bug to trace, and a
        // stack per request would bury the log while it lasts.
        req.log.warn({ cause: causeOf(err) }, "database unreachable");
        reply.header("retry-after", "5");
      } else if (known.status >= 500) req.log.error({ err }, "request failed");
      // An upload refused for its size: close the connection so the client stops sending the rest.
      if (known.status === 413) reply.header("connection", "close");
      return sendError(reply, known);
    }
    req.log.error({ err }, "unexpected error");
    return sendError(reply, internalError());
  });
}

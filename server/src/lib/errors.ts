/** An answer other than success: HTTP status, body code and the message in both languages. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: number,
    public cn: string,
    public en: string,
    public errors?: { field: string; rule: string; message: string; enMessage: string }[],
  ) {
    super(en);
  }
}

export const badRequest = (field: string, rule: string, cn: string, en: string) =>
  new ApiError(400, 400, cn, en, [{ field, rule, message: cn, enMessage: en }]);
export const sessionExpired = () => new ApiError(401, 4004, "登录已过期，请重新登录", "Login session expired, please log in again");
export const wrongCredentials = () => new ApiError(401, 4001, "用户名或密码错误", "Wrong user name or password");
export const forbidden = () => new ApiError(403, 4003, "没有权限", "No permission");
/** The signed-in user has not accepted the current privacy-policy version (x-consent-exempt operations aside). */
export const consentRequired = () => new ApiError(403, 4010, "请先阅读并同意隐私政策", "Please read and accept the privacy policy first");
/** Issue 21: a password an administrator gave must be changed before anything else. */
export const passwordChangeRequired = () => new ApiError(403, 4011, "请先修改管理员为您设置的密码", "Please change the password an administrator gave you first");
export const unsupportedMediaType = () => new ApiError(415, 415, "不支持的内容类型", "Unsupported content type");
export const notFound = (what = "数据", whatEn = "Record") =>
  new ApiError(404, 404, `${what}不存在`, `${whatEn} does not exist`);
export const tooFrequent = () =>
  new ApiError(429, 403, "操作过于频繁，请稍后再试", "The operation is too frequent. Please try again later");
export const notImplemented = (operationId: string) =>
  new ApiError(501, 501, `该功能(${operationId})尚未实现`, `This operation (${operationId}) is not implemented yet`);
export const internalError = () => new ApiError(500, 500, "服务器内部错误", "Internal server error");
/** The database cannot be reached (down, restarting, connection cut): an outage, not a fault of the request or of ours. */
export const dbUnavailable = () => new ApiError(503, 503, "数据库不可用", "The database is not reachable");
/**
 * Issue 23: a notification stream over a cap (HTTP 429 with the spec's too-frequent code 403): the
 * person's streams on this instance, or the instance's. The client polls instead.
 */
export const tooManyStreams = (which: "user" | "instance") =>
  which === "user"
    ? new ApiError(429, 403, "实时通知连接过多：请关闭部分门户页面后重试", "Too many live notification connections: close some portal tabs and try again")
    : new ApiError(429, 403, "服务器实时通知连接已满，将定时刷新", "The server holds as many live notification connections as it can; the portal refreshes periodically instead");

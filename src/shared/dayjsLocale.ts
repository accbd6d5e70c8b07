// dayjs in the language in use (antd's date pickers, the calendar and schedule pages). Loaded with
// the user and admin shells, which hold every page that shows dates, not with the app trunk: the
// login pages need no dates (issue 9, /baseLogin budget). It follows language switches.
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";

import { i18n } from "../i18n";

const apply = (language: string) => dayjs.locale(language === "cn" ? "zh-cn" : "en");
apply(i18n.language);
i18n.on("languageChanged", apply);

import { SafetyOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { EsignSettings } from "../esign/EsignSettings";

/**
 * Which actions need an electronic signature (issue 24): publishing a privacy-policy version and a
 * complaint moderation decision. Under Policies, beside the privacy policies; the switches need
 * esignSettings:edit.
 */
export default defineAdminResource({
  name: "esignSettings",
  route: "/esignSettings",
  parent: "policy",
  menuUrl: "/esignSettings",
  label: "menu.esignSettings",
  icon: <SafetyOutlined />,
  ns: "adminEsign",
  order: 4,
  pages: { list: EsignSettings },
});

import { SafetyCertificateOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { PrivacyPolicyList } from "../privacy/PrivacyPolicyList";

/** Privacy-policy versions with their acceptance counts (spec 2.3 /privacyPolicyList). */
export default defineAdminResource({
  name: "privacyPolicyList",
  route: "/privacyPolicyList",
  parent: "policy",
  label: "menu.privacyPolicyList",
  icon: <SafetyCertificateOutlined />,
  ns: "adminModeration",
  order: 2,
  pages: { list: PrivacyPolicyList },
});

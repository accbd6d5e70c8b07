import { defineAdminResource } from "../crud";
import { PrivacyPolicyAdd } from "../privacy/PrivacyPolicyAdd";

/**
 * Publishing a new privacy-policy version (spec 2.3 /privacyPolicyAdd, a hidden menu). Guarded by
 * the list's menu; the publish call itself needs privacyPolicyList:add.
 */
export default defineAdminResource({
  name: "privacyPolicyAdd",
  route: "/privacyPolicyAdd",
  parent: "policy",
  menuUrl: "/privacyPolicyList",
  label: "menu.privacyPolicyAdd",
  hideInMenu: true,
  pages: { list: PrivacyPolicyAdd },
});

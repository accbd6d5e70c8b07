// The privacy-policy list's header buttons beside export.
import { CanAccess, useInvalidate } from "@refinedev/core";
import { Button } from "antd";
import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PRIVACY, PRIVACY_ADD_PATH } from "./types";

/** After publishing, the list answers only once the new version is accepted: read it again. */
export function RefreshPolicies() {
  const { t } = useTranslation("adminModeration");
  const invalidate = useInvalidate();
  return (
    <Button icon={<ReloadOutlined />} onClick={() => invalidate({ resource: PRIVACY, invalidates: ["list"] })}>
      {t("common.refresh")}
    </Button>
  );
}

/** "Publish new version" opens the editor page (privacyPolicyList:add), not the generic create form. */
export function PublishPolicy() {
  const { t } = useTranslation("adminModeration");
  const navigate = useNavigate();
  return (
    <CanAccess resource={PRIVACY} action="create">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PRIVACY_ADD_PATH)}>
        {t("privacy.publish")}
      </Button>
    </CanAccess>
  );
}

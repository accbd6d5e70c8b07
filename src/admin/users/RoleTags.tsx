// A user's roles in the list: the primary role (the first, spec 6) blue with a tooltip, then the
// others, each named as roleLabel says (seeded roles in the page's language).
import { Space, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema";
import { roleLabel } from "../roles/roleLabel";

type SysUser = components["schemas"]["SysUser"];

export function RoleTags({ user }: { user: SysUser }) {
  const { t } = useTranslation("admin");
  return (
    <Space size={[0, 4]} wrap>
      {user.roleNames.map((name, i) => {
        const label = roleLabel(user.roleCodes[i], name, t);
        return i === 0 ? (
          <Tooltip key={user.roleCodes[i]} title={t("users.primaryRole")}>
            <Tag color="blue">{label}</Tag>
          </Tooltip>
        ) : (
          <Tag key={user.roleCodes[i]}>{label}</Tag>
        );
      })}
    </Space>
  );
}

// A user page that a later issue builds: the shell shows it with its card title (the route meta
// the guard stored), so a landing route such as /main/missionCenterIndex keeps its address.
import { Card, Empty } from "antd";
import { useTranslation } from "react-i18next";

import { useRouteMeta } from "../../navigation/routeMeta";

export default function PendingPage() {
  const { t } = useTranslation(["portal", "common"]);
  const { cardTitle, cardExtra } = useRouteMeta();
  return (
    <Card title={cardTitle ? t(cardTitle) : t("common:productName")} extra={cardExtra ? t(cardExtra) : null}>
      <Empty description={t("portal:pending")} />
    </Card>
  );
}

import { PageHeader } from "../../components/PageHeader.js";

export default function HousekeepingScreen() {
  return <PageHeader title="Housekeeping" />;
}

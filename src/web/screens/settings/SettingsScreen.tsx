import { PageHeader } from "../../components/PageHeader.js";

export default function SettingsScreen() {
  return <PageHeader title="Settings" />;
}

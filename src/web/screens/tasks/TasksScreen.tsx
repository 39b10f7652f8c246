import { PageHeader } from "../../components/PageHeader.js";

export default function TasksScreen() {
  return <PageHeader title="My tasks" />;
}

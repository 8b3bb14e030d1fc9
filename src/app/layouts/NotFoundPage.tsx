import { NotFoundView } from '../../ui/shell/NotFoundView';
import { usePageTitle } from '../use-page-title';

export default function NotFoundPage() {
  usePageTitle('notfound-page_title');
  return <NotFoundView />;
}

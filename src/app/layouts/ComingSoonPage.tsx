import { ComingSoonView } from '../../ui/shell/ComingSoonView';
import { usePageTitle } from '../use-page-title';

export default function ComingSoonPage() {
  usePageTitle('comingsoon-page_title');
  return <ComingSoonView />;
}

// Tabs, shared as their own singleton `shared-ui/tabs`: Radix Tabs and the helpers it
// brings (roving focus, collections, presence) load only with the pages that show tabs (the
// sign-in page), not with every page's first load, since a federated package is shared whole.
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs';

// Dialogs and menus, shared as their own singleton `shared-ui/overlays`. They carry Radix's focus
// trapping, scroll locking and floating-ui positioning, code that a page without an open dialog
// or a signed-in menu should not download before it is interactive:
// a federated package is shared whole, so they live outside the `shared-ui` entry every page
// loads. Import them where a dialog or menu is rendered, ideally from a lazily loaded module.
export { Dialog } from './components/dialog';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuPortal,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './components/dropdown-menu';

import { Outlet } from 'react-router';
import { Shell } from '../features/layout/Shell';

export default function ShellRoute() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

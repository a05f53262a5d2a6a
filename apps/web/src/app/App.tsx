import { BrowserRouter } from 'react-router';
import { LazyNotifications } from './LazyNotifications';
import { Shell } from './Shell';

/** MantineProvider is mounted per part (app/MantineScope): the public shell needs none. */
export function App() {
  return (
    <>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
      <LazyNotifications />
    </>
  );
}

// The router, for every app. The shell, the remotes and shared's own files import these from
// `@pasar/shared`, never from `react-router-dom`: the router then exists once, inside the shared
// singleton (one set of contexts for the shell's router and every remote's links and hooks), and
// webpack keeps only what is named here instead of the whole library a singleton of its own costs
// (decision 0006). Need another router API? Add it to this list.
export {
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  NavigationType,
  Route,
  Router,
  Routes,
  UNSAFE_NavigationContext,
  UNSAFE_createBrowserHistory,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { Location, Navigator, To } from 'react-router-dom';

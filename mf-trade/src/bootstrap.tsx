import { createRoot } from 'react-dom/client';
import Module from './module';
const C = Module.routes[0].Component;
createRoot(document.getElementById('root')!).render(<C />);

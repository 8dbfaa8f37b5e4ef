/**
 * antd 5 renders some pieces (button wave, static holders) with the React 18 render API;
 * React 19 needs it to go through createRoot instead (antd's documented compatibility hook).
 */
import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: Root };
  c._reactRoot ??= createRoot(container);
  const root = c._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

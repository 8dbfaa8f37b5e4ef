/**
 * The stop form's map (`'ui:field': 'stop-map'` on the bus stop's form): the fields as declared,
 * with a map above them whose pin is where the latitude and longitude say. Dragging the pin (or
 * clicking where the stop is) sets them; typed coordinates move the pin. The map loads in its own
 * chunk, only on this form.
 */
import { lazy, Suspense } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { Typography } from 'antd';

const BusMap = lazy(() => import('../../map/BusMap.js').then((m) => ({ default: m.BusMap })));

export function StopMapField(props: FieldProps) {
  const { formData, onChange, registry, uiSchema, fieldPathId } = props;
  const data = (formData ?? {}) as Record<string, unknown>;
  const lat = typeof data.lat === 'number' ? data.lat : null;
  const lon = typeof data.lon === 'number' ? data.lon : null;
  const { ObjectField } = registry.fields;
  const { 'ui:field': _, ...rest } = uiSchema ?? {};
  const place = (p: { lat: number; lon: number }) => onChange({ ...data, lat: p.lat, lon: p.lon }, fieldPathId.path);
  return (
    <>
      <Suspense fallback={<div style={{ height: 320 }} />}>
        <BusMap label="Stop on the map" center={lat !== null && lon !== null ? { lat, lon } : null} pin={lat !== null && lon !== null ? { lat, lon } : null} onPin={place} />
      </Suspense>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px' }}>
        {lat === null || lon === null ? 'Type the latitude and longitude to place the pin, then drag it to the stop.' : 'Drag the pin to the stop: its latitude and longitude follow.'}
      </Typography.Paragraph>
      <ObjectField {...props} uiSchema={rest} />
    </>
  );
}

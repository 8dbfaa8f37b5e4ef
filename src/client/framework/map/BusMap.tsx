/**
 * The transport screens' map (Leaflet through react-leaflet): the school's tiles (configuration
 * `transport.map`, OpenStreetMap's by default), its stops, a bus, and a pin that can be dragged.
 * When no tile loads (no internet at the school) it says so over the blank map, and the screens
 * go on with typed coordinates.
 */
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapSettings } from '../../../shared/school-config.js';
import { schoolConfigNow } from '../../app/schoolConfig.js';

export interface MapPoint { lat: number; lon: number; label?: string }

/** The school's map settings, as its configuration says over the defaults. */
export const useMapSettings = () => useMemo(() => mapSettings(schoolConfigNow()?.map), []);

/** A pin drawn in CSS, so no marker image has to load. */
const pinIcon = L.divIcon({ className: 'bus-map-pin', html: '<span aria-hidden="true" style="display:block;width:18px;height:18px;border-radius:50% 50% 50% 0;background:#d4380d;border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px #0006"></span>', iconSize: [18, 18], iconAnchor: [9, 18] });
const busIcon = L.divIcon({ className: 'bus-map-bus', html: '<span aria-hidden="true" style="display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:6px;background:#fadb14;border:2px solid #614700;font:bold 12px sans-serif;color:#614700">BUS</span>', iconSize: [28, 28], iconAnchor: [14, 14] });

/** Keeps the view on `center` when it moves (typed coordinates, the bus). */
function Follow({ center }: { center: [number, number] | null }) {
  const map = useMap();
  const [lat, lon] = center ?? [null, null];
  useEffect(() => { if (lat !== null && lon !== null) map.panTo([lat, lon]); }, [map, lat, lon]);
  return null;
}

export function BusMap({ center, stops = [], bus, pin, onPin, height = 320, label }: {
  center?: { lat: number; lon: number } | null;
  stops?: MapPoint[];
  /** Where the bus is (drawn as a bus). */
  bus?: { lat: number; lon: number } | null;
  /** A draggable pin (the stop being placed); dragging it calls onPin. */
  pin?: { lat: number; lon: number } | null;
  onPin?: (p: { lat: number; lon: number }) => void;
  height?: number;
  label: string;
}) {
  const settings = useMapSettings();
  const [tiles, setTiles] = useState<'loading' | 'ok' | 'failed'>('loading');
  const start = center ?? pin ?? bus ?? stops[0] ?? settings.center;
  const follow = pin ? [pin.lat, pin.lon] as [number, number] : bus ? [bus.lat, bus.lon] as [number, number] : null;
  const host = useMemo(() => { try { return new URL(settings.tileUrl.replace(/\{s\}/, 'a').replace(/^\/\//, 'https://'), window.location.href).host; } catch { return 'the tile server'; } }, [settings.tileUrl]);
  return (
    <div style={{ position: 'relative' }} role="region" aria-label={label}>
      <MapContainer center={[start.lat, start.lon]} zoom={settings.zoom} minZoom={3} style={{ height, width: '100%', borderRadius: 8, background: '#eef0f2' }} scrollWheelZoom={false}>
        <TileLayer
          url={settings.tileUrl} attribution={settings.attribution}
          eventHandlers={{ tileload: () => setTiles('ok'), tileerror: () => setTiles((t) => (t === 'ok' ? t : 'failed')) }}
        />
        {stops.length > 1 && <Polyline positions={stops.map((s) => [s.lat, s.lon])} pathOptions={{ color: '#1677ff', weight: 3, opacity: 0.6 }} />}
        {stops.map((s, i) => (
          <CircleMarker key={`${s.lat},${s.lon},${i}`} center={[s.lat, s.lon]} radius={7} pathOptions={{ color: '#1677ff', fillColor: '#fff', fillOpacity: 1, weight: 3 }}>
            {s.label && <Tooltip>{s.label}</Tooltip>}
          </CircleMarker>
        ))}
        {bus && <Marker position={[bus.lat, bus.lon]} icon={busIcon} keyboard={false} interactive={false} title="School bus" alt="School bus" />}
        {pin && (
          <Marker
            position={[pin.lat, pin.lon]} icon={pinIcon} draggable={Boolean(onPin)} title="Stop pin: drag it to the stop" alt="Stop pin"
            eventHandlers={{ dragend: (e) => { const p = (e.target as L.Marker).getLatLng(); onPin?.({ lat: round(p.lat), lon: round(p.lng) }); } }}
          />
        )}
        <Follow center={follow} />
      </MapContainer>
      {tiles === 'failed' && (
        <div role="status" data-testid="map-blank" style={{ position: 'absolute', inset: 'auto 8px 8px 8px', zIndex: 500, background: '#fffbe6', border: '1px solid #ffe58f', borderRadius: 6, padding: '6px 10px', fontSize: 13 }}>
          The map is blank: its tiles could not be loaded from {host} (no internet connection, or the tile server is down).
          {onPin ? ' Type the latitude and longitude instead; the pin follows them.' : ' The positions below are still current.'}
        </div>
      )}
    </div>
  );
}

/** Six decimals of a degree: about 11 cm, more than a phone's GPS knows. */
export const round = (x: number) => Math.round(x * 1e6) / 1e6;

import type { Vehicle } from '../../../generated/entities/transport.js';
import { conflict } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { mostRiders } from './seats.js';

/** Fewer seats than a route of the vehicle already carries would leave students without one. */
export const vehicleHooks: ResourceHooks<Vehicle> = {
  async beforeUpdate(ctx, data, existing) {
    if (data.total_seats === undefined || data.total_seats >= existing.total_seats) return data;
    const routes = await ctx.db.selectFrom('bus_route').select(['id', 'name']).where('vehicle_id', '=', existing.id).execute();
    for (const r of routes) {
      const riders = await mostRiders(ctx, r.id);
      if (riders > data.total_seats) throw conflict(`${r.name} carries ${riders} students in this vehicle: it needs at least ${riders} seats`);
    }
    return data;
  },
};

export default vehicleHooks;

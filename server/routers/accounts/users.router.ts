import { z } from 'zod';
import { addressInput, addressOutput, deliveryAddressOutput, updateAddressInput } from '../../../shared/schemas/address.schema';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import { updateProfileInput, userOutput } from '../../../shared/schemas/user.schema';
import * as addresses from '../../services/accounts/address.service';
import * as users from '../../services/accounts/user.service';
import { router } from '../../trpc/init';
import { customerProcedure } from '../../trpc/procedures';

export const usersRouter = router({
  me: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: 'The signed-in user', protect: true } })
    .input(z.object({}).optional())
    .output(userOutput)
    .query(({ ctx }) => users.profileOf(ctx.user)),

  updateMe: customerProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/me', tags: ['users'], summary: 'Update the profile', protect: true } })
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.updateProfile(ctx.db, ctx.user.id, input)),
  // Saved addresses (docs/spec/storefront.md section 7). Someone else's id answers 404 like an unknown one.
  addresses: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me/addresses', tags: ['addresses'], summary: 'Saved addresses, default first', protect: true } })
    .input(z.object({}).optional())
    .output(z.array(addressOutput))
    .query(({ ctx }) => addresses.listAddresses(ctx.db, ctx.user.id)),

  defaultAddress: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me/addresses/default', tags: ['addresses'], summary: 'The default address (404 when none)', protect: true } })
    .input(z.object({}).optional())
    .output(addressOutput)
    .query(({ ctx }) => addresses.getDefaultAddress(ctx.db, ctx.user.id)),

  deliveryAddress: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me/addresses/last', tags: ['addresses'], summary: 'The address a new order is prefilled with: the last order\'s (as the saved address it was, if any), else the default; nulls when none', protect: true } })
    .input(z.object({}).optional())
    .output(deliveryAddressOutput)
    .query(({ ctx }) => addresses.deliveryAddress(ctx.db, ctx.user.id)),

  addAddress: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/me/addresses', tags: ['addresses'], summary: 'Save an address (at most 5)', protect: true } })
    .input(addressInput)
    .output(addressOutput)
    .mutation(({ ctx, input }) => addresses.createAddress(ctx.db, ctx.user.id, input)),

  updateAddress: customerProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/me/addresses/{id}', tags: ['addresses'], summary: 'Change a saved address', protect: true } })
    .input(updateAddressInput)
    .output(addressOutput)
    .mutation(({ ctx, input }) => addresses.updateAddress(ctx.db, ctx.user.id, input)),

  deleteAddress: customerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/me/addresses/{id}', tags: ['addresses'], summary: 'Delete a saved address', protect: true } })
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => addresses.deleteAddress(ctx.db, ctx.user.id, input.id)),

  setDefaultAddress: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/me/addresses/{id}/set-default', tags: ['addresses'], summary: 'Make an address the default', protect: true } })
    .input(idParam)
    .output(addressOutput)
    .mutation(({ ctx, input }) => addresses.setDefaultAddress(ctx.db, ctx.user.id, input.id)),
});

import { Chat } from '@rentdrive/contracts/chat';
import { Vehicles } from '@rentdrive/contracts/vehicles';
import type { ChatPartner } from '../../../components/message-button';
import { ApiError, callApi } from '../../../lib/api-client';

/** The owner of a rented vehicle, for 'Message owner' in My Rentals. */
export async function vehicleOwner(vehicleId: string): Promise<ChatPartner> {
  const vehicle = await callApi(Vehicles.detail, { params: { id: vehicleId } });
  return { userId: vehicle.ownerId, username: vehicle.ownerName };
}

/** A renter by their username (a booking names its renter so), for 'Message renter' in the booking history. */
export async function userNamed(username: string, notFound: string): Promise<ChatPartner> {
  const found = await callApi(Chat.searchUsers, { params: { text: username } });
  const user = found.find((u) => u.username.toLowerCase() === username.toLowerCase());
  if (!user) throw new ApiError({ status: 404, detail: notFound });
  return { userId: user.userId, username: user.username };
}

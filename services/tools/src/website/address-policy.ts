export {
  classifyAddress,
  checkHostname,
  describeAddressClass,
  effectivePort,
  ipLiteralOf,
  isAddressAllowed,
  PRODUCTION_POLICY,
  refusalReason,
  STANDARD_PORTS,
  type AddressClass,
  type HostnameVerdict,
  type TargetPolicy,
} from '@agency/server-kit';

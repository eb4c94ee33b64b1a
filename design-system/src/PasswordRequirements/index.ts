export {
  PasswordRequirements,
  type PasswordRequirement,
  type PasswordRequirementsProps,
  type PasswordRequirementState,
} from './PasswordRequirements';

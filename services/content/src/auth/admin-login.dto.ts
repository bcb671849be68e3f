import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** Body of POST /api/admin/login. */
export class AdminLoginInput {
  @IsString({ message: 'password is required.' })
  @IsNotEmpty({ message: 'password is required.' })
  @MaxLength(1024, { message: 'password must be at most 1024 characters.' })
  password!: string;
}

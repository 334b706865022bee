import { Field, ObjectType, registerEnumType } from 'type-graphql';

export enum ExportFormat {
  CSV = 'CSV',
  PDF = 'PDF',
}
registerEnumType(ExportFormat, { name: 'ExportFormat', description: 'A download’s kind.' });

@ObjectType({ description: 'A file to download: its name, type and bytes in base64.' })
export class ExportedFile {
  @Field() fileName!: string;
  @Field() contentType!: string;
  @Field() base64!: string;
}
